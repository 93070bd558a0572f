// What the rest of the server may use of online-payments; its routes are registered by app.ts.
export { runDueCardCharges, scheduleCardCharge } from './card-charges.service';
export { type CardDeps, PROCESSOR_SIMULATOR_PREFIX } from './card-processor-for';
export { settlePrepayments } from './prepayments.service';
