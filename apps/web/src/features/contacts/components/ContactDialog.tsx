import type { Contact } from '@atende/contract';

export interface ContactDialogProps {
  open: boolean;
  /** Edit this contact; absent creates a new one. */
  contactId?: number | null;
  /** Prefill of a new contact (e.g. the name or number typed in a search). */
  initialValues?: { name?: string; number?: string; email?: string };
  onClose: () => void;
  /** Called with the saved contact after the success toast. */
  onSaved?: (contact: Contact) => void;
}

/** Add or edit a contact (spec core §5): name, number, email and extra info. */
export function ContactDialog(_props: ContactDialogProps) {
  return null;
}
