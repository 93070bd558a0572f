/** Every query key of saved cards (the card, its automatic charges, paying parcels before arrival). */
export const savedCardKeys = {
  all: ['saved-cards'] as const,
  list: ['saved-cards', 'list'] as const,
  prepay: ['saved-cards', 'prepay'] as const,
};
