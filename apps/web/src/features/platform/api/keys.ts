/** Every query key of the platform's own settings (super admin). */
export const platformKeys = {
  settings: ['platform-settings'] as const,
  domains: ['platform-domains'] as const,
  defaultCourier: ['platform-default-courier'] as const,
};
