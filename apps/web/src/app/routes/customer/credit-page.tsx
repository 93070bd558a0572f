import { CreditAccountCard } from '@/features/account-credit/components/credit-account-card';

/** /customer/credit: the customer's account credit, referral link and statements. */
export default function CustomerCreditPage() {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Account Credit</h1>
        <p className="mt-1 text-sm text-slate-600">Your credit balance, its history, your referral link and your statements.</p>
      </div>
      <CreditAccountCard />
    </div>
  );
}
