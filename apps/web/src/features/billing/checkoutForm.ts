import type { SubscriptionInput } from '@atende/contract';

/** The checkout's form: step 0 (Dados) holds the fields the spec requires. */
export interface CheckoutValues {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: 'BR' | 'usa';
}

export const emptyCheckout: CheckoutValues = { firstName: '', lastName: '', address2: '', city: '', state: '', zipcode: '', country: 'BR' };

/** Keys of the `billing` namespace: 'O nome completo é obrigatório', 'O Endereço é obrigatório'... */
const REQUIRED: Array<[keyof CheckoutValues, string]> = [
  ['firstName', 'checkout.errors.fullName'],
  ['address2', 'checkout.errors.address'],
  ['city', 'checkout.errors.city'],
  ['zipcode', 'checkout.errors.zipcode'],
  ['country', 'checkout.errors.country'],
];

export function checkoutErrors(values: CheckoutValues): Partial<Record<keyof CheckoutValues, string>> {
  const errors: Partial<Record<keyof CheckoutValues, string>> = {};
  for (const [field, message] of REQUIRED) if (!values[field].trim()) errors[field] = message;
  return errors;
}

export interface CheckoutPlan {
  title: string;
  price: number;
}

export function subscriptionBody(values: CheckoutValues, plan: CheckoutPlan, invoiceId: number): SubscriptionInput {
  return {
    ...values,
    useAddressForPaymentDetails: false,
    nameOnCard: '',
    cardNumber: '',
    cvv: '',
    plan: JSON.stringify(plan),
    price: plan.price,
    invoiceId,
  };
}
