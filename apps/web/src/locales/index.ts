import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enConnections from './en/connections.json';
import enErrors from './en/errors.json';
import enShell from './en/shell.json';
import enSimulator from './en/simulator.json';
import enTodo from './en/todo.json';
import enUsers from './en/users.json';
import enValidation from './en/validation.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esConnections from './es/connections.json';
import esErrors from './es/errors.json';
import esShell from './es/shell.json';
import esSimulator from './es/simulator.json';
import esTodo from './es/todo.json';
import esUsers from './es/users.json';
import esValidation from './es/validation.json';
import ptAuth from './pt/auth.json';
import ptCommon from './pt/common.json';
import ptConnections from './pt/connections.json';
import ptErrors from './pt/errors.json';
import ptShell from './pt/shell.json';
import ptSimulator from './pt/simulator.json';
import ptTodo from './pt/todo.json';
import ptUsers from './pt/users.json';
import ptValidation from './pt/validation.json';

/** One namespace per feature; `errors` translates every ERR_* code, `validation` the contract's keys. */
export const resources = {
  pt: { common: ptCommon, auth: ptAuth, shell: ptShell, users: ptUsers, todo: ptTodo, connections: ptConnections, simulator: ptSimulator, errors: ptErrors, validation: ptValidation },
  en: { common: enCommon, auth: enAuth, shell: enShell, users: enUsers, todo: enTodo, connections: enConnections, simulator: enSimulator, errors: enErrors, validation: enValidation },
  es: { common: esCommon, auth: esAuth, shell: esShell, users: esUsers, todo: esTodo, connections: esConnections, simulator: esSimulator, errors: esErrors, validation: esValidation },
} as const;

export const NAMESPACES = Object.keys(resources.pt) as (keyof (typeof resources)['pt'])[];
