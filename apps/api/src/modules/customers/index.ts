// What the rest of the server may use of customers: the writers of the customers table, which this
// module alone writes (scripts/table-writers.mjs); its routes are registered by app.ts.
export {
  type CustomerProfileChange,
  type CustomerRow,
  type NewCustomer,
  changeCustomerOptOuts,
  changeCustomerPassword,
  changeCustomerProfile,
  changeInsureByDefault,
  claimReferralReward,
  createCustomer,
  createCustomers,
  markCustomerSignedIn,
  moveCreditBalance,
  setOwnReferralCode,
} from './customer-records.service';
export { customerNameSql } from './customer-name';
