import { fileListInput, fileListOptionInput, type FileList, type FileListInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

export interface FileListOptionFormValues {
  /** The saved option's id; null for an option added in the dialog. */
  optionId: number | null;
  name: string;
  /** The saved file's original name. */
  savedFile: string | null;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileListOptionFormValues[];
}

export const FILE_LIST_FORM_FIELDS = ['name', 'message'] as const;

export const emptyFileListOption: FileListOptionFormValues = { optionId: null, name: '', savedFile: null };
export const emptyFileListForm: FileListFormValues = { name: '', message: '', options: [emptyFileListOption] };

export function fileListToForm(list: FileList): FileListFormValues {
  return { name: list.name, message: list.message, options: list.options.map((o) => ({ optionId: o.id, name: o.name, savedFile: o.file })) };
}

/** The form's rules are the contract's; each option carries its id under another name (the field array keeps `id`). */
const formSchema = fileListInput.extend({
  options: z.array(z.object({ optionId: z.number().nullable(), name: fileListOptionInput.shape.name, savedFile: z.string().nullable() })),
});

export function toFileListInput(values: z.output<typeof formSchema>): FileListInput {
  return {
    name: values.name,
    message: values.message,
    options: values.options.map((o) => (o.optionId === null ? { name: o.name } : { id: o.optionId, name: o.name })),
  };
}

export const fileListFormResolver = zodResolver(formSchema) as unknown as Resolver<FileListFormValues, unknown, z.output<typeof formSchema>>;
