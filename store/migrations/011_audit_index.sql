-- Refused sign-ons are counted by action and time (a lockout).
CREATE INDEX audit_action_at ON audit (action, at);
