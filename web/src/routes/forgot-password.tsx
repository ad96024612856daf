import { PageHeading } from '@/components/ui/page-heading';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The recovery / complaint form comes with its issue (POST /api/store/api/send_complaint/).
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  return (
    <div className="mx-auto max-w-lg">
      <PageHeading>Forgot Password</PageHeading>
      <Loading>
        <div aria-hidden="true" className="space-y-4 rounded-card bg-white p-6 shadow-card">
          <Skeleton className="h-tap w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-tap w-32" />
        </div>
      </Loading>
    </div>
  );
}
