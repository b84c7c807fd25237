/** Every query key of the client's page, by share token. */
export const shareKeys = {
  all: ['share'] as const,
  proposal: (token: string) => [...shareKeys.all, token] as const,
  revision: (token: string, number: number) => [...shareKeys.proposal(token), 'revision', number] as const,
};
