// What the rest of the server may use of messaging; everything else in the folder is its own.
export { customerMessaging, saveCustomerChannels } from './customer-phone.service';
export { queueCustomerMessages, queueCustomerMessagesMany, type CustomerMessageInput } from './message-queue.service';
export { drainMessages } from './message-sending.service';
