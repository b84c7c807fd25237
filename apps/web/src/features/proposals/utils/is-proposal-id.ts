const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Proposal ids are UUIDs: anything else cannot exist, so it is not worth a request. */
export function isProposalId(id: string): boolean {
  return UUID.test(id);
}
