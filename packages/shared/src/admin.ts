import { z } from 'zod';
import { PLAN_IDS } from './plans';

/** The operator's set-plan command, as the running server takes it. */
export const ZSetPlan = z.strictObject({
  email: z.string().trim().min(1, 'Give the email address of the account.').max(320),
  plan: z.enum(PLAN_IDS, { message: `The plan must be one of ${PLAN_IDS.join(', ')}.` }),
});
export type TSetPlan = z.infer<typeof ZSetPlan>;
