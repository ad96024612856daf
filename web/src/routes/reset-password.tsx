import { PageHeading } from '@/components/ui/page-heading';
import { Loading } from '@/components/ui/loading';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The link of the password-reset e-mail (contract §2.1): /password/reset/confirm/{uid}/{token}.
// The form comes with the accounts issue (POST /api/auth/users/reset_password_confirm/).
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  return (
    <div className="mx-auto max-w-lg">
      <PageHeading>Reset Password</PageHeading>
      <Loading>
        <div aria-hidden="true" className="space-y-4 rounded-card bg-white p-6 shadow-card">
          <Skeleton className="h-tap w-full" />
          <Skeleton className="h-tap w-full" />
          <Skeleton className="h-tap w-32" />
        </div>
      </Loading>
    </div>
  );
}
