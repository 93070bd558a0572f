/** Every query key of the warehouse floor (shelves, label printers). */
export const warehouseKeys = {
  all: ['warehouse'] as const,
  shelves: ['warehouse', 'shelves'] as const,
  printers: ['warehouse', 'printers'] as const,
};
