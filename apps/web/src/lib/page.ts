/** One page of a server-side list (the API's `pageResultSchema`). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
