/** The all-zero agent id means the local installation ("no agent"), spec 000 §9. */
export const localAgentId = '00000000-0000-0000-0000-000000000000';
