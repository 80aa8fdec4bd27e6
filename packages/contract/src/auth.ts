import { z } from 'zod';
import { V } from './common.js';
import type { Plan } from './plans.js';
import type { SettingEntry } from './settings.js';
import type { User } from './users.js';

export const loginInput = z.object({
  email: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200).transform((s) => s.toLowerCase()),
  password: z.string({ error: V.required }).min(1, { error: V.required }).max(200),
});
export type LoginInput = z.input<typeof loginInput>;

/** The signed-in user with what the shell needs about the company. */
export interface SessionUser extends User {
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    /** End of the signup trial ('YYYY-MM-DD'), null when the company never had one (/subscription). */
    trialExpiration: string | null;
    /** The company's billing email. */
    email: string;
    settings: SettingEntry[];
    plan: Plan;
  };
}

/** Answer of login and refresh. The refresh token travels only in the httpOnly cookie `jrt`. */
export interface AuthResponse {
  token: string;
  user: SessionUser;
}

/** Claims of the access token (JWT). `sid` names the server-side session it belongs to. */
export interface AccessClaims {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  sid: string;
}

export const REFRESH_COOKIE = 'jrt';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
