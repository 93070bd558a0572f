/** Every query key of the auth feature (the customer's profile, two-factor, framing permission). */
export const authKeys = {
  customerProfile: ['customer-profile'] as const,
  /** Whether a password reset link can still be used. */
  resetLink: (token: string | null) => ['reset-link', token] as const,
  publicBranches: (courierId: number | undefined) => ['public-branches', courierId] as const,
  twoFactor: {
    status: ['two-factor', 'status'] as const,
    policy: ['two-factor', 'policy'] as const,
  },
  framePermission: {
    all: ['frame-permission'] as const,
    of: (origins: readonly string[], apiKey: string | null) => ['frame-permission', origins.join(','), apiKey] as const,
  },
};
