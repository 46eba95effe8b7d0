import { z } from "zod";

/** Work waiting for the signed-in user, counted by the server, each leading to its screen. */
export const workItemSchema = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  count: z.number().int(),
  link: z.string(),
});
export type WorkItem = z.infer<typeof workItemSchema>;
