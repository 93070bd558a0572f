import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginSchema } from '@courier/shared/schemas/auth';

/** The sign-in schema plus Remember me. login-form.tsx imports this module at the first validation, so zod is not on the page's first paint. */
export const loginFormResolver = zodResolver(z.object({ ...loginSchema.shape, remember: z.boolean() }));
