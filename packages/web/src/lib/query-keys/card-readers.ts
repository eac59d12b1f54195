/** The card readers (`GET {base}/readers`). */
export const cardReadersKeys = {
  all: ['card-readers'] as const,
  connected: (limit: number) => [...cardReadersKeys.all, 'connected', limit] as const,
};
