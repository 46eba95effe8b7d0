/** Types a code → label table by its code list, so a missing or extra label fails to compile. */
export const labelsOf = <T extends string>(entries: Record<T, string>) => entries;
