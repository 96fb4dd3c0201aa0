-- The service's own settings, shared by every `fleet serve` instance: the name of the MQTT
-- shared subscription group the intakes split the work in, a secret no cabinet can guess.
CREATE TABLE settings (
    name        text PRIMARY KEY,
    value       text NOT NULL
);
