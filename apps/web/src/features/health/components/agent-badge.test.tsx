import { render, screen } from '@testing-library/react';
import { localAgentId } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { AgentBadge } from './agent-badge.tsx';

describe('AgentBadge', () => {
  it('names a remote agent for screen readers and on hover', () => {
    render(<AgentBadge agentId="0192f0c4-0000-7000-8000-000000000009" agentName="eu-prod" />);
    expect(screen.getByTitle('Agent: eu-prod')).toHaveTextContent('Agent eu-prod');
  });

  it('shows nothing for checks of this installation', () => {
    const { container } = render(<AgentBadge agentId={localAgentId} agentName="local" />);
    expect(container).toBeEmptyDOMElement();
    render(<AgentBadge agentId={null} agentName={null} />);
    expect(screen.queryByTitle(/Agent/)).not.toBeInTheDocument();
  });
});
