import type { CampaignVariable } from '@atende/contract';

/**
 * A variable is added only if its shortcut is not already used. Shortcuts compare
 * without case and surrounding blanks or braces, as the server does. Null when taken.
 */
export function addVariable(variables: CampaignVariable[], draft: CampaignVariable): CampaignVariable[] | null {
  const key = draft.key.trim().replace(/^\{|\}$/g, '');
  if (key === '') return null;
  if (variables.some((v) => v.key.toLowerCase() === key.toLowerCase())) return null;
  return [...variables, { key, value: draft.value }];
}
