import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';

/** Shown while a mailed token is being checked. */
export function TokenPending({ label }: { label: string }) {
  return (
    <div role="status">
      <p className="mt-0">{label}</p>
      <PageLoader />
    </div>
  );
}

/** A mailed token that did not work, with the way to get a new one. */
export function TokenFailed({ message }: { message: string }) {
  return (
    <Message
      severity="error"
      className="w-full justify-content-start"
      content={
        <span className="line-height-3">
          {message}{' '}
          <Link to="/account/forgot-password" className="font-medium">
            Forgot password
          </Link>
        </span>
      }
    />
  );
}
