import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useToast } from '../../../lib/toast.tsx';
import { type Registration, useRegister } from '../api/register.ts';
import { ResultDialog } from './result-dialog.tsx';

/** Sends a registration; on success the dialog shows until OK, which clears the form and goes to sign in. */
export function useRegistrationFlow(clearForm: () => void) {
  const navigate = useNavigate();
  const notify = useToast();
  const registration = useRegister();
  const [registered, setRegistered] = useState<Registration | null>(null);

  const submit = (values: Registration) =>
    registration.mutate(values, {
      onSuccess: () => setRegistered(values),
      onError: (error) => notify({ severity: 'error', summary: 'Registration failed', detail: error.message }),
    });

  const finish = () => {
    clearForm();
    setRegistered(null);
    navigate(LOGIN_PATH);
  };

  const dialog = (
    <ResultDialog header="Registration Successful!" visible={registered !== null} onOk={finish}>
      <p className="mt-0">
        Welcome, {registered?.fullName || `${registered?.firstName ?? ''} ${registered?.lastName ?? ''}`.trim()}! Your
        account is registered.
      </p>
      <p className="mb-0">
        Please check <strong>{registered?.email}</strong> for verification instructions.
      </p>
    </ResultDialog>
  );

  return { submit, isPending: registration.isPending, dialog };
}
