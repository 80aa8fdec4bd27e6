import { contactInput, type Contact, type ContactInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** What the contact dialog edits; the contract schema validates it and gives the payload. */
export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: { id?: number; name: string; value: string }[];
}

export const CONTACT_FORM_FIELDS = ['name', 'number', 'email', 'extraInfo'] as const;

export function emptyContactForm(initial?: { name?: string; number?: string; email?: string }): ContactFormValues {
  return { name: initial?.name ?? '', number: initial?.number ?? '', email: initial?.email ?? '', extraInfo: [] };
}

export function contactToForm(contact: Contact): ContactFormValues {
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map(({ id, name, value }) => ({ id, name, value })),
  };
}

export const contactFormResolver = zodResolver(contactInput) as unknown as Resolver<ContactFormValues, unknown, ContactInput>;
