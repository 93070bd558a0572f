import { subscriber } from '../../lib/domain-events';
import { rewardReferralIfDue } from './referrals.service';

/** A referred customer's first fully paid invoice credits both sides, once. */
export const rewardReferral = subscriber({
  name: 'account-credit.referral-reward',
  on: 'invoice.paid',
  async handle({ db, mailer }, { courierId, data }) {
    await rewardReferralIfDue(db, mailer, courierId, data.customerId);
  },
});
