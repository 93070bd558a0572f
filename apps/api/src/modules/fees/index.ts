// What the rest of the server may use of fees; everything else in the folder is its own.
export { customsRatesOn, writeDefaultFeeBook } from './fee-book.service';
export { writeCodedFee } from './coded-fees.service';
export { feeBookOn, feeFirstDay, serviceFeeOn, taxRateBpsOn } from './fees.service';
export { hazardFeeOf, setHazardFee } from './hazard-fee.service';
export { saveFeeSettings } from './fee-settings.service';
