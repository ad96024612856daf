import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '@/components/ui/use-dismiss';
import { logOut } from '@/features/account/api/auth';
import { useMe } from '@/lib/auth/me';
import { useSignedIn } from '@/lib/auth/session';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import { useAuthDialog } from '../auth-dialog';
import { clearShopperData } from '../clear-shopper-data';
import { Icon } from '@/components/ui/icon';
import { cx } from '@/lib/cx';

const itemClass =
  'flex min-h-tap w-full items-center px-4 text-left font-medium hover:bg-brand-50 hover:text-brand-800';

/**
 * The profile dropdown (spec §2): signed in — My Orders, WishList, Messages and Logout, and for
 * store owners Seller Centre and for staff Staff area (known from `me`, asked for when the menu
 * first opens); signed out —
 * Login and Register, which open the dialog. Both end with the 'Data saver' switch.
 */
export default function ProfileMenu() {
  const signedIn = useSignedIn();
  const { open: openDialog } = useAuthDialog();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
  };
  useDismiss(root, open, close, button);
  const me = useMe({ enabled: signedIn && open }).data;
  const owner = me?.store != null;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((o) => !o);
        }}
        className="inline-flex min-h-tap items-center gap-1 rounded-control px-2 font-semibold hover:text-gold-400"
      >
        <PersonIcon />
        <span className="sr-only sm:not-sr-only">Account</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-30 mt-1 w-48 overflow-hidden rounded-control bg-white py-1 text-ink shadow-raised"
      >
        {signedIn ? (
          <ul>
            <li>
              <Link to="/orders" className={itemClass} onClick={close}>
                My Orders
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className={itemClass} onClick={close}>
                WishList
              </Link>
            </li>
            <li>
              <Link to="/messages" className={itemClass} onClick={close}>
                Messages
              </Link>
            </li>
            <li>
              <Link to="/account" className={itemClass} onClick={close}>
                My Account
              </Link>
            </li>
            {owner && (
              <li>
                <Link to="/seller" className={itemClass} onClick={close}>
                  Seller Centre
                </Link>
              </li>
            )}
            {me?.is_staff && (
              <li>
                <Link to="/admin" className={itemClass} onClick={close}>
                  Staff area
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  button.current?.focus();
                  clearShopperData(client);
                  void logOut();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        ) : (
          <ul>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  button.current?.focus(); // where the focus returns when the dialog closes
                  openDialog('login');
                }}
              >
                Login
              </button>
            </li>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  button.current?.focus();
                  openDialog('register');
                }}
              >
                Register
              </button>
            </li>
          </ul>
        )}
        <DataSaverSwitch />
      </div>
    </div>
  );
}

/** Data-saver mode on this device (web/src/lib/data-saver.ts); the menu stays open to show it moved. */
function DataSaverSwitch() {
  const on = useDataSaver();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={cx(itemClass, 'justify-between gap-2 border-t border-brand-100')}
      onClick={() => {
        setDataSaver(!on);
      }}
    >
      Data saver
      <span
        aria-hidden="true"
        className={cx(
          'flex h-5 w-9 shrink-0 items-center rounded-pill p-0.5',
          on ? 'justify-end bg-brand-700' : 'bg-muted',
        )}
      >
        <span className="size-4 rounded-pill bg-white" />
      </span>
    </button>
  );
}

function PersonIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}
