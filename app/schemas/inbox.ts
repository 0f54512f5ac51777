import { z } from "zod";

// The inbox's reply form, browser and server.

export const REPLY_LIMIT = 5000;

export const replySchema = z.object({
  body: z
    .string({ error: "Please write a reply." })
    .trim()
    .min(1, "Please write a reply.")
    .max(REPLY_LIMIT, `Please keep the reply under ${REPLY_LIMIT} characters.`),
});
