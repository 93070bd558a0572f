// What the rest of the server may use of couriers; everything else in the folder is its own.
export { changeCourier, insertCourier } from './courier-records.service';
export { findCourier, replaceRateSheet } from './courier-settings.service';
