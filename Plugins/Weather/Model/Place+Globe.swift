import APICore

extension Place {
    /// Whether the geocoder's coordinates name a point on the globe: a latitude
    /// from -90 to 90 and a longitude from -180 to 180. A place that is off it
    /// (`lat: 1e308`, a string, NaN) cannot be asked a forecast for, so it is
    /// treated as one without coordinates, never sent on or drawn.
    public var isOnGlobe: Bool {
        guard let latitude = latitude?.doubleValue, let longitude = longitude?.doubleValue else { return false }
        return (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}
