import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router';
import { DIALOG_SIZE } from '../../../components/dialog-size.ts';

interface SignInDialogProps {
  /** The page the visitor asked for before being sent to sign in. */
  returnTo: string | null;
  onHide: () => void;
}

export function SignInDialog({ returnTo, onHide }: SignInDialogProps) {
  return (
    <Dialog header="Sign In" visible onHide={onHide} modal draggable={false} {...DIALOG_SIZE}>
      <div className="flex gap-3">
        <i className="pi pi-clock text-2xl text-primary" aria-hidden="true" />
        <div className="line-height-3">
          <p className="mt-0">
            Signing in arrives with the accounts feature: e-mail, password, Remember me and a Forgot your password link.
            Until then nobody can sign in here.
          </p>
          {returnTo && (
            <p>
              Once you can, signing in will take you back to <code>{returnTo}</code>.
            </p>
          )}
          <p className="mb-0">
            New here? <Link to="/signup">Create an account</Link>.
          </p>
        </div>
      </div>
    </Dialog>
  );
}
