import { companyCreateInput, companyInput, type Company, type CompanyCreateInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** Every field as the form holds it (selects as text); the contract's schemas read them. */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: number | '';
  status: 'true' | 'false';
  campaignsEnabled: 'true' | 'false';
  dueDate: string;
  recurrence: 'MENSAL' | 'ANUAL' | string;
  password: string;
}

/** The company form offers only these two (spec); a company on another keeps it until changed. */
export const FORM_RECURRENCES = ['MENSAL', 'ANUAL'] as const;

export const COMPANY_FIELDS = ['name', 'email', 'phone', 'planId', 'status', 'campaignsEnabled', 'dueDate', 'recurrence', 'password'] as const;

export const emptyCompanyForm: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: 'true',
  campaignsEnabled: 'true',
  dueDate: '',
  recurrence: 'MENSAL',
  password: '',
};

export function companyToForm(company: Company): CompanyFormValues {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    status: company.status ? 'true' : 'false',
    campaignsEnabled: company.campaignsEnabled ? 'true' : 'false',
    dueDate: company.dueDate ?? '',
    recurrence: company.recurrence,
    password: '',
  };
}

type Output = CompanyCreateInput;
/** A new company also needs its first admin's password; an edit never sends one. */
export const createResolver = zodResolver(companyCreateInput) as unknown as Resolver<CompanyFormValues, unknown, Output>;
export const editResolver = zodResolver(companyInput) as unknown as Resolver<CompanyFormValues, unknown, Output>;
