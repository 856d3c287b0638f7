/** Role badge colours (spec 02, section 2): super admin blue, manager green, cashier yellow, others gray. */
export function roleBadgeColor(roleName: string | null | undefined): string {
  switch ((roleName ?? '').trim().toLowerCase()) {
    case 'super admin':
      return 'blue';
    case 'manager':
      return 'green';
    case 'cashier':
      return 'yellow';
    default:
      return 'gray';
  }
}
