import { useMutation } from '@tanstack/react-query';
import { signIn } from '../../../lib/session/sign-in.ts';

export const useSignIn = () =>
  useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password) });
