// What the rest of the server may use of settings; everything else in the folder is its own.
export { startCourierFees, startCourierRates } from './fees.service';
export { getCourierRates, rateSheetOf } from './rates.service';
export { volumetricRuleOf } from './warehouse.service';
