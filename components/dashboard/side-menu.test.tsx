/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { menuGroup } from '@/lib/dashboard/menu';
import { SideMenu } from './side-menu';

jest.mock('@/lib/auth/logout', () => ({ logoutAction: jest.fn() }));

describe('SideMenu', () => {
  it('renders the group with its sections, marks the current entry, and offers Sign out', () => {
    render(<SideMenu group={menuGroup('creator')} current="/dash/creator/support/faqs" />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard menu' });
    const faqs = within(nav).getByRole('link', { name: 'FAQs' });
    expect(faqs).toHaveAttribute('href', '/?path=/dash/creator/support/faqs');
    expect(faqs).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current')),
    ).toHaveLength(1);
    expect(within(nav).getByRole('list', { name: 'Support' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('names the analytics entries as docs/product.md does', () => {
    render(<SideMenu group={menuGroup('analytics')} current={null} />);
    const youtube = screen.getByRole('list', { name: 'YouTube' });
    expect(
      within(youtube)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Channels', 'Channel Groups', 'Videos', 'Video Groups', 'Playlists']);
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });
});
