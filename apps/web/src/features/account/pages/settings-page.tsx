import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { AccountCard, AccountLink, FlowLoading } from '../components/account-layout.tsx';
import { FlowForm } from '../flows/flow-form.tsx';
import { sameOriginPath } from '../flows/return-to.ts';
import { useFlow } from '../flows/use-flow.ts';
import { FlowMessages } from '../nodes/ui-messages.tsx';
import { settingsSections } from './settings-sections.tsx';

export const settingsMessageTimeout = 10_000;

export function SettingsPage() {
  usePageTitle('Profile Management and Security Settings');
  const [query] = useSearchParams();
  const returnTo = query.get('return_to');
  const { flow, revision, submit, clearMessages } = useFlow({
    kind: 'settings',
    createParams: { returnTo: sameOriginPath(returnTo) },
  });

  const messageCount = flow?.ui.messages.length ?? 0;
  useEffect(() => {
    if (messageCount === 0) return;
    const timer = setTimeout(clearMessages, settingsMessageTimeout);
    return () => clearTimeout(timer);
  }, [messageCount, revision, clearMessages]);

  const sections = settingsSections.filter((section) =>
    flow?.ui.nodes.some((node) => node.group === section.group),
  );
  return (
    <AccountCard
      width="wide"
      title="Profile Management and Security Settings"
      footer={<AccountLink to={sameOriginPath(returnTo) ?? '/'}>Go back</AccountLink>}
    >
      {flow === undefined ? (
        <FlowLoading />
      ) : (
        <div className="space-y-6">
          <FlowMessages messages={flow.ui.messages} />
          {sections.map((section) => (
            <section
              key={section.group}
              aria-labelledby={`settings-${section.group}`}
              className="space-y-3 border-t border-border pt-5 first-of-type:border-t-0 first-of-type:pt-0"
            >
              <h2 id={`settings-${section.group}`} className="text-base font-semibold text-fg">
                {section.title}
              </h2>
              {section.description !== undefined && (
                <p className="text-sm text-fg-muted">{section.description}</p>
              )}
              <FlowForm
                key={`${section.group}:${revision}`}
                flow={flow}
                groups={[section.group]}
                showMessages={false}
                onSubmit={submit}
              />
            </section>
          ))}
        </div>
      )}
    </AccountCard>
  );
}
