/**
 * The variables a document may hold, in a module without zod: the client's page fills them in
 * and must stay small (QUALITY P8), so it imports names from here, never from the schema.
 */
/** Placeholders text may hold; the preview and the sent proposal fill them in. */
export const VARIABLES = [
  'client.name',
  'client.company',
  'client.email',
  'sender.name',
  'sender.company',
  'proposal.title',
  'proposal.number',
  'proposal.valid_until',
  'proposal.total',
] as const;
export type TVariableName = (typeof VARIABLES)[number];
