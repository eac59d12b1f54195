import { z } from 'zod';

/** The error body of every failed REST call (docs/architecture.md, Errors). */
export const ZApiError = z
  .object({
    code: z.string(),
    message: z.string(),
    data: z
      .object({
        status: z.number().int(),
        params: z.record(z.string(), z.string()).optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;
