import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Handle } from '@/components/ui/handle';
import { Field, FormMessages } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { CardList } from '@/components/backoffice/card-list';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { setUserFlags, usersQueryKey, useUsers, type AdminUser } from '@/features/admin/api/people';
import { formatDateTime } from '@/lib/dates';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';

export const USERS_FAILED = 'Failed to load the accounts. Please try again.';

/** Staff: find accounts by name or e-mail, make them staff or not, deactivate or reactivate them. */
export default function AdminUsersPage() {
  useDocumentTitle('Accounts');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const users = useUsers(query);
  const { busy, failure, done, run } = useAction([usersQueryKey]);
  const change = (
    user: AdminUser,
    flags: { is_staff?: boolean; is_active?: boolean },
    what: string,
  ) => run(() => setUserFlags(user.id, flags), `${user.username} ${what}.`);

  return (
    <>
      <PageHeading>Accounts</PageHeading>
      <search className="mb-4 max-w-md">
        <Field
          label="Find an account"
          hint="Part of the username or e-mail address."
          type="search"
          value={search}
          onValueChange={setSearch}
        />
      </search>
      <FormMessages error={failure} success={done} />
      <Loaded query={users} failed={USERS_FAILED}>
        {(data) => (
          <CardList label="Accounts" items={data} empty="No account matches.">
            {(user) => (
              <>
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold break-words">
                    <Handle text={user.username} />
                    {user.is_staff && <span className="ml-2 text-sm text-brand-700">staff</span>}
                    {!user.is_active && (
                      <span className="ml-2 text-sm text-danger-700">deactivated</span>
                    )}
                  </p>
                  <p className="text-sm break-words text-muted">
                    <Handle text={user.email} /> · joined {formatDateTime(user.date_joined)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-disabled={busy}
                  onClick={() =>
                    void change(
                      user,
                      { is_staff: !user.is_staff },
                      user.is_staff ? 'is no longer staff' : 'is now staff',
                    )
                  }
                >
                  {/* Shown short: beside the card's own, a long name would not fit on a phone. */}
                  <span aria-hidden="true">
                    {user.is_staff ? 'Remove staff rights' : 'Make staff'}
                  </span>
                  <span className="sr-only">
                    {user.is_staff
                      ? `Remove staff rights of ${user.username}`
                      : `Make ${user.username} staff`}
                  </span>
                </Button>
                <Button
                  variant="secondary"
                  aria-disabled={busy}
                  onClick={() =>
                    void change(
                      user,
                      { is_active: !user.is_active },
                      user.is_active ? 'is deactivated' : 'is active again',
                    )
                  }
                >
                  <span aria-hidden="true">{user.is_active ? 'Deactivate' : 'Reactivate'}</span>
                  <span className="sr-only">
                    {user.is_active ? `Deactivate ${user.username}` : `Reactivate ${user.username}`}
                  </span>
                </Button>
              </>
            )}
          </CardList>
        )}
      </Loaded>
    </>
  );
}
