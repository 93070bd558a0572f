import { ClipboardList, CreditCard, Package, PackageCheck, Plane, ShoppingBag, ShoppingCart, UserPlus } from 'lucide-react';

/** Flow one: sign up, shop, we receive, we ship. */
export const FORWARDING_STEPS = [
  {
    title: 'Sign up',
    text: 'Create your free account in minutes and get a personal US shipping address with your own mailbox number.',
    icon: <UserPlus className="h-5 w-5" />,
  },
  {
    title: 'Shop',
    text: 'Shop any US online store and ship to your new address. Pre-alert us with the tracking number and invoice.',
    icon: <ShoppingBag className="h-5 w-5" />,
  },
  {
    title: 'We receive',
    text: 'Our Miami warehouse receives, weighs and logs every package. You get an e-mail the moment it arrives.',
    icon: <Package className="h-5 w-5" />,
  },
  {
    title: 'We ship',
    text: 'We fly it to Jamaica, clear customs and tell you when it is ready for pickup at your branch, or deliver it to your door.',
    icon: <Plane className="h-5 w-5" />,
  },
];

/** Flow two: submit request, we purchase, items arrive, pay. */
export const SHOP_FOR_ME_STEPS = [
  {
    title: 'Submit request',
    text: 'Send us the product links, sizes, colours and quantities. We reply with a full quote before anything is bought.',
    icon: <ClipboardList className="h-5 w-5" />,
  },
  {
    title: 'We purchase',
    text: 'Once you approve the quote, we buy the items with our US card and have them shipped to our Miami warehouse.',
    icon: <ShoppingCart className="h-5 w-5" />,
  },
  {
    title: 'Items arrive',
    text: 'Your items are received, checked against the order and flown to Jamaica with the next shipment.',
    icon: <PackageCheck className="h-5 w-5" />,
  },
  {
    title: 'Pay and collect',
    text: 'Pay the item cost plus our service fee plus shipping, by card, cash or bank transfer, and collect at your branch.',
    icon: <CreditCard className="h-5 w-5" />,
  },
];
