/** The registration field beside the fixed ones (their labels stay as they are); no zod, for the wizard's first paint. */
export const REFERRAL_FIELD_LABEL = 'Referral or coupon code';
export const REFERRAL_FIELD_HINT = 'Optional: a friend’s referral code or a coupon';
