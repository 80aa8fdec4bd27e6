import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';

/** A person played on the simulated network: a phone number with country code, and a name. */
export interface SimulatedCustomer {
  number: string;
  name: string;
}

/** Kept in this browser only, like the to-do list, so a reload keeps the cast of customers. */
const CUSTOMERS_KEY = 'atende.simulatorCustomers';

/** The contract's rule for a customer's number: 8 to 15 digits, an optional leading '+'. */
export const CUSTOMER_NUMBER = /^\+?\d{8,15}$/;

/** Digits only: '+55 (11) 99999-0001' and '5511999990001' are the same customer. */
export function customerNumber(value: string): string {
  return value.replace(/\D/g, '');
}

function readCustomers(): SimulatedCustomer[] {
  try {
    const parsed: unknown = JSON.parse(readStored(CUSTOMERS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((c): c is SimulatedCustomer => typeof c?.number === 'string' && typeof c?.name === 'string');
  } catch {
    return [];
  }
}

export function useSimulatedCustomers() {
  const [customers, setCustomers] = useState<SimulatedCustomer[]>(readCustomers);

  const commit = useCallback((update: (current: SimulatedCustomer[]) => SimulatedCustomer[]) => {
    setCustomers((current) => {
      const next = update(current);
      writeStored(CUSTOMERS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  /** Adding a number already present renames that customer instead of listing it twice. */
  const add = useCallback(
    (customer: SimulatedCustomer) =>
      commit((current) => [...current.filter((c) => c.number !== customer.number), customer]),
    [commit],
  );
  const remove = useCallback((number: string) => commit((current) => current.filter((c) => c.number !== number)), [commit]);

  return { customers, add, remove };
}
