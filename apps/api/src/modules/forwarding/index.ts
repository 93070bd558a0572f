// What the rest of the server may use of forwarding; everything else in the folder is its own.
export { createShopRequest } from './shop-for-me.service';
