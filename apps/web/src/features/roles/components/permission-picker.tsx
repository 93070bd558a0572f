import { PERMISSION_LABELS, PERMISSION_MODULES, type Permission } from '@courier/shared/constants/permissions';

function title(text: string): string {
  return text
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Permissions grouped by module, each module with an "all" switch; values are `module_action`. */
export function PermissionPicker({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const selected = new Set(value);
  const toggle = (names: string[], on: boolean) => {
    const next = new Set(selected);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange([...next]);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Object.entries(PERMISSION_MODULES).map(([module, actions]) => {
        const names = actions.map((a) => `${module}_${a}`);
        const all = names.every((n) => selected.has(n));
        return (
          <fieldset key={module} className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{title(module)}</legend>
            <label className="mb-2 flex items-center gap-2 text-xs font-medium text-slate-600">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={all}
                disabled={disabled}
                onChange={(e) => toggle(names, e.target.checked)}
              />
              All {title(module).toLowerCase()} permissions
            </label>
            <div className="space-y-1.5">
              {actions.map((action) => {
                const name = `${module}_${action}`;
                return (
                  <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      checked={selected.has(name)}
                      disabled={disabled}
                      onChange={(e) => toggle([name], e.target.checked)}
                    />
                    <span>
                      {PERMISSION_LABELS[name as Permission] ?? title(action)} <code className="text-xs text-slate-600">{name}</code>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
