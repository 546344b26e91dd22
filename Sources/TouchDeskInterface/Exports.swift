/// Every layer that imports the shared interface speaks the user's language through it: the
/// translations (`tr`, `trn`) and number formatting live in their own target, re-exported here so
/// a view or a model needs one import, not two.
@_exported import TouchDeskLocalization
