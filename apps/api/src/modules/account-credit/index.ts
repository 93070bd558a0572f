// What the rest of the server may use of account credit.
export { rewardReferral } from './referral-reward.subscriber';
export { addCredit, useCredit } from './ledger.service';
export { redeemCoupon, resolveSignUpCodes, rewardReferralIfDue } from './referrals.service';
export { sendMonthlyStatements } from './statements.service';
