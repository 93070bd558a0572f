import { ChevronDown, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { avatarInitials } from '@courier/shared/domain/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { type SessionUser, useSession } from '@/lib/session';
import { accountLinks } from './account-links';

/** The avatar: the picture, else up to two initials, else 'U'. */
export function UserAvatar({ user, className }: { user: SessionUser; className?: string }) {
  const [broken, setBroken] = useState(false);
  const base = cn(
    'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white',
    className,
  );
  if (user.avatarUrl && !broken) {
    return (
      <span className={base}>
        <img src={user.avatarUrl} alt="" className="h-full w-full object-cover" onError={() => setBroken(true)} />
      </span>
    );
  }
  return (
    <span className={base} aria-hidden="true">
      {avatarInitials(user)}
    </span>
  );
}

function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email;
}

function useLogout() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    toast.success('You have been logged out.');
    navigate(paths.home);
  };
}

/** Signed in, on wide screens: the avatar opens a menu with the person's pages and Log out. */
export function UserMenu() {
  const { user, userType } = useSession();
  const onLogout = useLogout();
  if (!user) return null;
  const links = accountLinks(user, userType ?? user.role.name);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-label={`Account menu for ${displayName(user)}`}
      >
        <UserAvatar user={user} />
        <span className="max-w-40 truncate">{user.firstName || displayName(user)}</span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block text-sm font-semibold text-slate-900">{displayName(user)}</span>
          <span className="block truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map((link) => (
          <DropdownMenuItem key={link.label} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onLogout()}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Signed in, in the mobile menu: the same links laid out for a thumb. */
export function MobileUserLinks() {
  const { user, userType } = useSession();
  const onLogout = useLogout();
  if (!user) return null;
  const links = accountLinks(user, userType ?? user.role.name);
  return (
    <div className="w-full">
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar user={user} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
      </div>
      <ul className="mt-1 space-y-1">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="block rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100">
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => void onLogout()}
            className="flex w-full items-center gap-2 rounded-md px-3 py-3 text-left text-base font-medium text-red-700 hover:bg-red-50"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
